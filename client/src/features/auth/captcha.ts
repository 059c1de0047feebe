/**
 * The captcha before "Next" (docs/product.md §Sign-in). With a reCAPTCHA v3 site key configured the
 * browser gets a token from Google, invisibly; without one (development, tests) the server
 * accepts the token 'development'. Either way the server has the last word.
 */
import { checkCaptcha } from './authApi';

/** What the server accepts in place of a reCAPTCHA token when no secret is configured. */
export const DEVELOPMENT_CAPTCHA_TOKEN = 'development';

interface ReCaptchaV3 {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptchaV3;
  }
}

let recaptchaScript: Promise<ReCaptchaV3> | null = null;

/** Loads Google's script once, and only when a site key is configured: nothing is fetched from Google otherwise. */
function loadRecaptcha(siteKey: string): Promise<ReCaptchaV3> {
  recaptchaScript ??= new Promise<ReCaptchaV3>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      recaptchaScript = null;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  });
  return recaptchaScript;
}

/** A token for the server to verify with the form it comes with (sign-in's Next, the contact form's Send). */
export async function captchaToken(siteKey: string | null, action: 'signin' | 'contact' = 'signin'): Promise<string> {
  if (!siteKey) return DEVELOPMENT_CAPTCHA_TOKEN;
  const grecaptcha = await loadRecaptcha(siteKey);
  return grecaptcha.execute(siteKey, { action });
}

/** Resolves true when the server accepted the captcha. */
export async function passCaptcha(siteKey: string | null): Promise<boolean> {
  try {
    const answer = await checkCaptcha(await captchaToken(siteKey));
    return answer.success !== false;
  } catch {
    return false;
  }
}

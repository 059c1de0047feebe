// What other features and the shell may use of accounts; the rest is this feature's own.
// Its pages are loaded lazily by the shell's route table, one module each.
export { captchaToken } from './captcha';
export { EmailAuthForm } from './EmailAuthForm';
export { loadEmailAuthForm } from './loadEmailAuthForm';
export { safeReturnTo } from './returnTo';
export { SignUpPromptModal } from './SignUpPromptModal';
export { SocialSignInButtons } from './SocialSignInButtons';
export { useAuthProviders } from './useAuthProviders';

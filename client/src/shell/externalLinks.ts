/**
 * Every address outside the app that the shell links to (business page, demo booking, help,
 * merch…), in one place. Byline's public site is not live yet: its pages sit on the reserved
 * `byline.example` domain until the real addresses exist, and change only here.
 */
const SITE = 'https://byline.example';

export const EXTERNAL_LINKS = {
  /** The business offering (menu item, footer Get Started). */
  business: `${SITE}/business`,
  bookDemo: `${SITE}/book-a-demo`,
  helpCentre: `${SITE}/help`,
  status: `${SITE}/status`,
  merch: `${SITE}/merch`,
  creatives: `${SITE}/creatives`,
} as const;

/** Byline's profiles on the social networks (footer). */
export const SOCIAL_PROFILES = [
  { network: 'Instagram', url: 'https://www.instagram.com/byline.example' },
  { network: 'TikTok', url: 'https://www.tiktok.com/@byline.example' },
  { network: 'X', url: 'https://x.com/byline_example' },
  { network: 'LinkedIn', url: 'https://www.linkedin.com/company/byline-example' },
  { network: 'YouTube', url: 'https://www.youtube.com/@byline.example' },
] as const;

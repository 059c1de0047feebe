/**
 * Every user-facing message the spec words (sections 2, 4, 5.3, 8). Server and client
 * show these exact strings, so tests and translations have one place to look.
 */
export const MESSAGES = {
  // Error catalogue (spec 8).
  resourceExists: 'That resource already exists',
  unexpected: 'An unexpected error occurred',
  platformNotSupported: 'Platform not supported',
  couldNotFindOrCreatePost: 'Could not find or create post with url',
  failedToScrapeWithUrl: 'Failed to scrape post with url',
  failedToScrape: 'Failed to scrape post',
  invalidUrl: 'Invalid url',
  channelNotFound: 'Could not find a channel for that username',
  invalidQuery: 'Invalid query',
  userNotFound: 'User was not found',
  codeInvalid: 'Sorry that code is invalid or expired!',
  timeout: 'Timeout: Timeout accessing the product. Try again later.',
  creatorSearchCriteriaError: 'Error fetching creator search criteria',
  postSearchCriteriaError: 'Error fetching post search criteria',
  errorCreatingTeam: 'Error creating team',

  // Sign-in and sign-up outcomes (spec 8).
  wrongEmailOrPassword: 'Wrong email or password',
  signInUserNotFound: 'User not found. Please use sign up via the link below.',
  invalidEmail: 'Invalid email',
  somethingWentWrong: 'Something went wrong. Please try again later.',
  codeSent: 'Code sent! Please check your mailbox.',
  emailSent: 'Email sent! Please check your mailbox.',
  emailVerificationFailed: 'Sending email verification failed',

  // Form validation (spec 5.3).
  emailRequired: 'Email is required',
  invalidEmailAddress: 'Invalid email address',
  codeTooShort: 'Code cannot shorter than 6 characters',
  passwordTooShort: 'Password cannot be shorter than 6 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  usernameTooLong: 'Your username must be shorter than 30 characters.',
  usernameInvalidCharacters: 'Your username can only contain letters, numbers, . and _',

  // Search and track box (spec 4.1, 5.1) and prompts (spec 2.6, 6, 8).
  signUpPrompt: 'Please sign up or sign in to do that!',
  linkNotInProduct: "That link doesn't exist in the product yet. Sign up or sign in to add it!",
  trackingLink: 'Tracking link, sit tight!',
  noResults: 'No results found. Paste a url to import or search for a creator, tag, role, job, or location.',
  searching: 'Searching...',
  enterValidUrl: 'Please enter a valid url',
  imageSearchUpgrade: 'Upgrade to PRO to search for social media posts by image content.',
  advancedFeature: "That's an advanced feature!",
  upgradeToday: 'Upgrade today',
  letsWorkTogether: "Let's work together",
  startYourSubscription: 'Start your subscription',
  finishSignUp: 'You need to finishing signing up first!',

  // Accounts: wording the spec leaves to us (sections 4.3, 8), written once here.
  emailVerificationAdvice: 'Please check that the address is correct and try again. If it keeps failing, contact support.',
  signUpExistingEmail: 'An account with this email already exists, so we tried to sign you in, but the password was wrong.',
  useGoogleSignIn: 'This email belongs to an account that signs in with Google. Please continue with Google.',
  useTwitterSignIn: 'This email belongs to an account that signs in with Twitter. Please continue with Twitter.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  commonPassword: 'That password is too common. Please choose one that is harder to guess.',
  passwordTooLong: 'Password cannot be longer than 1000 characters',
  emailLoginTaken: 'That email address already signs in to another account.',
  emailLoginExists: 'You can already sign in with that email address.',
  linkInvalid: 'That link is invalid or has expired. Please ask for a new one.',
  captchaFailed: 'Please confirm you are not a robot.',
  passwordChanged: 'Your password has been changed.',
  usernameRequired: 'Please choose a username.',
  usernameTaken: 'That username is taken. Please choose another.',
  usernameReserved: 'That username is reserved. Please choose another.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  invitationNotForAddress: 'That invitation was sent to another address. We will email you a code to confirm this one.',
  billingNotConfigured: 'Billing is not configured.',
  googleNotConfigured: 'Google sign-in is not configured.',
  twitterNotConfigured: 'Twitter sign-in is not configured.',
  googleAlreadyLinked: 'That Google account is already linked to another Byline account.',
  twitterAlreadyLinked: 'That Twitter account is already linked to another Byline account.',
  billingNotAvailable: 'Billing is only available to subscribers and team managers.',
  returnPathInvalid: 'The return path must be a page of this site.',
  lastLoginMethod: "You can't remove your only way to sign in. Add another login method first.",
  loginMethodNotFound: 'That login method was not found.',
  tokensNeedSession: 'Personal access tokens can only be created when signed in yourself, not with a token or while masquerading.',
  loginMethodsNeedSession: 'Sign-in methods can only be changed when signed in yourself, not with a token or while masquerading.',
  stopMasqueradingFirst: 'Stop masquerading before acting as another user.',
  cannotMasqueradeAsYourself: 'You cannot masquerade as yourself.',
  nameLength: 'Your name must be 1 to 120 characters.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

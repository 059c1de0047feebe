/**
 * Every user-facing message the product words (docs/product.md quotes them). Server and client
 * show these exact strings, so tests and translations have one place to look.
 *
 * Imported as a namespace (`import * as MESSAGES from '@domain/messages'`): each message is its own
 * export, so a page's bundle carries only the messages it shows.
 */

// Error catalogue (docs/product.md §Errors).
export const resourceExists = 'That resource already exists';
export const unexpected = 'An unexpected error occurred';
export const platformNotSupported = 'Platform not supported';
export const couldNotFindOrCreatePost = 'Could not find or create post with url';
export const failedToScrapeWithUrl = 'Failed to scrape post with url';
export const failedToScrape = 'Failed to scrape post';
export const invalidUrl = 'Invalid url';
export const channelNotFound = 'Could not find a channel for that username';
export const invalidQuery = 'Invalid query';
export const userNotFound = 'User was not found';
export const codeInvalid = 'Sorry that code is invalid or expired!';
export const timeout = 'Timeout: Timeout accessing the product. Try again later.';
export const creatorSearchCriteriaError = 'Error fetching creator search criteria';
export const postSearchCriteriaError = 'Error fetching post search criteria';
export const errorCreatingTeam = 'Error creating team';

// Sign-in and sign-up outcomes (docs/product.md §Sign-in).
export const wrongEmailOrPassword = 'Wrong email or password';
export const signInUserNotFound = 'User not found. Please use sign up via the link below.';
export const invalidEmail = 'Invalid email';
export const somethingWentWrong = 'Something went wrong. Please try again later.';
export const codeSent = 'Code sent! Please check your mailbox.';
export const emailSent = 'Email sent! Please check your mailbox.';
export const emailVerificationFailed = 'Sending email verification failed';

// Form validation (docs/product.md §Sign-in).
export const emailRequired = 'Email is required';
export const invalidEmailAddress = 'Invalid email address';
export const codeTooShort = 'Code cannot shorter than 6 characters';
export const passwordTooShort = 'Password cannot be shorter than 6 characters';
export const passwordsDoNotMatch = 'Passwords do not match';
export const usernameTooLong = 'Your username must be shorter than 30 characters.';
export const usernameInvalidCharacters = 'Your username can only contain letters, numbers, . and _';

// Search and track box (docs/product.md §Search) and prompts (§Shell, §Paid access, §Teams).
export const signUpPrompt = 'Please sign up or sign in to do that!';
export const linkNotInProduct = "That link doesn't exist in the product yet. Sign up or sign in to add it!";
export const trackingLink = 'Tracking link, sit tight!';
export const noResults = 'No results found. Paste a url to import or search for a creator, tag, role, job, or location.';
export const searching = 'Searching...';
export const enterValidUrl = 'Please enter a valid url';
export const imageSearchUpgrade = 'Upgrade to PRO to search for social media posts by image content.';
export const advancedFeature = "That's an advanced feature!";
export const upgradeToday = 'Upgrade today';
export const letsWorkTogether = "Let's work together";
export const startYourSubscription = 'Start your subscription';
export const finishSignUp = 'You need to finishing signing up first!';

// Accounts: wording the product leaves to us (docs/product.md §Sign-in), written once here.
export const emailVerificationAdvice = 'Please check that the address is correct and try again. If it keeps failing, contact support.';
export const signUpExistingEmail = 'An account with this email already exists, so we tried to sign you in, but the password was wrong.';
export const useGoogleSignIn = 'This email belongs to an account that signs in with Google. Please continue with Google.';
export const useTwitterSignIn = 'This email belongs to an account that signs in with Twitter. Please continue with Twitter.';
export const useAppleSignIn = 'This email belongs to an account that signs in with Apple. Please continue with Apple.';
export const tooManyAttempts = 'Too many attempts. Please wait a few minutes and try again.';
export const apiBudgetSpent = 'You have used up this hour’s API budget. Please wait until it resets and try again.';
export const passwordGuessesPaused = 'Too many wrong passwords for this account. Please wait before trying again, or sign in with a magic link or reset your password.';
export const commonPassword = 'That password is too common. Please choose one that is harder to guess.';
export const passwordTooLong = 'Password cannot be longer than 1000 characters';
export const emailLoginTaken = 'That email address already signs in to another account.';
export const emailLoginExists = 'You can already sign in with that email address.';
export const linkInvalid = 'That link is invalid or has expired. Please ask for a new one.';
export const captchaFailed = 'Please confirm you are not a robot.';
/** docs/product.md §Contact: the operator has not set CONTACT_EMAIL. */
export const contactClosed = 'The contact form is not open on this server yet.';
/** docs/product.md §Terms: an acknowledgement must name a version of the terms that exists. */
export const termsVersionUnknown = 'That version of the terms does not exist.';
export const passwordChanged = 'Your password has been changed.';
export const usernameRequired = 'Please choose a username.';
export const usernameTaken = 'That username is taken. Please choose another.';
export const usernameReserved = 'That username is reserved. Please choose another.';
export const sessionEnded = 'Your session has ended. Please sign in again.';
export const invitationNotForAddress = 'That invitation was sent to another address. We will email you a code to confirm this one.';
export const billingNotConfigured = 'Billing is not configured.';
export const googleNotConfigured = 'Google sign-in is not configured.';
export const twitterNotConfigured = 'Twitter sign-in is not configured.';
export const appleNotConfigured = 'Apple sign-in is not configured.';
export const googleAlreadyLinked = 'That Google account is already linked to another Byline account.';
export const twitterAlreadyLinked = 'That Twitter account is already linked to another Byline account.';
export const appleAlreadyLinked = 'That Apple account is already linked to another Byline account.';
export const billingNotAvailable = 'Billing is only available to subscribers and team managers.';
export const returnPathInvalid = 'The return path must be a page of this site.';
export const lastLoginMethod = "You can't remove your only way to sign in. Add another login method first.";
export const loginMethodNotFound = 'That login method was not found.';
export const tokensNeedSession = 'Personal access tokens can only be created when signed in yourself, not with a token or while masquerading.';
export const loginMethodsNeedSession = 'Sign-in methods can only be changed when signed in yourself, not with a token or while masquerading.';
export const stopMasqueradingFirst = 'Stop masquerading before acting as another user.';
export const cannotMasqueradeAsYourself = 'You cannot masquerade as yourself.';
export const nameLength = 'Your name must be 1 to 120 characters.';

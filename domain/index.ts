/** Pure product rules shared by the server and the client. No I/O lives under domain/. */
export * from './app-version.js';
export * from './constants.js';
export * from './credit-roles.js';
export * from './enums.js';
export * from './error-reporting.js';
export * from './format.js';
export * from './geohash.js';
export * from './import-warnings.js';
export * from './messages.js';
export * from './networks.js';
export * from './permissions.js';
export * from './plans.js';
export * from './result.js';
export * from './sign-in-errors.js';
export * from './url-recognition.js';
export * from './validation.js';
export * from './stats-refresh.js';

/**
 * What the settings module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { AVATAR_STORED_WIDTH, avatarFromUpload, saveAvatar, saveAvatars, servedAvatarWidth } from './avatar/avatar-store.js';
export { avatarMediaRoutes, avatarUploadRoutes } from './avatar/avatar.routes.js';
export { SettingsResolver } from './settings.resolver.js';

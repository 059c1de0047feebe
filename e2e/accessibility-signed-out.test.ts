import { checkEveryRoute } from './support/axe-pass.js';

/** Every route, signed out, at 1280 and 375 px on the demo data: no serious or critical axe-core violation. */
checkEveryRoute(false);

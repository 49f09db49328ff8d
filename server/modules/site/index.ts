// Site settings every visitor sees: which games are shown and the site-wide notification.
export { siteRoutes as routes } from './site.routes.js';
export { isGameVisible } from './site.service.js';

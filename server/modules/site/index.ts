// Site settings every visitor sees: which games are shown and the site-wide notification.
export { isGameVisible } from './site.service.js';

// Reports: the back office's overview of money and revenue, and daily figures as CSV.
export { reportsRoutes as routes } from './reports.routes.js';

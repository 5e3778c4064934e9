/** The admin home module: figures read through the system module's services. */
import type { ModuleManifest } from '../services';
import { dashboardRoutes } from './routes';

export const dashboardModule: ModuleManifest = { name: 'dashboard', tables: [], routes: dashboardRoutes };

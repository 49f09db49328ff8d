import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { uploadsRoutes, walletRoutes } from './wallet/wallet.routes.js';
import { chickenRoutes } from './chicken/chicken.routes.js';

export interface AppModule {
  routes: FastifyPluginAsync;
  /** Path prefix; /api/v1 unless said. */
  prefix?: string;
}

/** Every feature's routes, registered in this order. */
export const modules: AppModule[] = [{ routes: accountsRoutes }, { routes: walletRoutes }, { routes: chickenRoutes }, { routes: uploadsRoutes, prefix: '' }];

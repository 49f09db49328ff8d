import type { App } from '../../types.js';

export async function accountsRoutes(app: App): Promise<void> {
  void app;
}

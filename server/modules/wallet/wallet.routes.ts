import type { App } from '../../types.js';

export async function walletRoutes(app: App): Promise<void> {
  void app;
}

import type { App } from '../../types.js';

export async function chickenRoutes(app: App): Promise<void> {
  void app;
}

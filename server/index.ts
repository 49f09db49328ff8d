import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { MoneyModeMismatch } from './modules/ledger/index.js';
import { releaseStartupMemory } from './lib/memory.js';
import { startupReport } from './startup.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  let app;
  try {
    app = await buildApp({ config });
  } catch (err) {
    if (err instanceof MoneyModeMismatch) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Start-up's one-off work (the modules, the start-up tasks of modules/jobs.ts) is done here:
  // the memory it took goes back before the first client connects, so the collection's pause
  // delays nobody's countdown or call.
  await app.ready();
  releaseStartupMemory();
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  // On the console as well as in the log: whoever starts the server must see the mode and the warnings.
  const { line, warnings } = startupReport(config, address);
  console.log(line);
  for (const warning of warnings) console.warn(`WARNING: ${warning}`);
  app.log.info({ mode: config.NODE_ENV, node: process.versions.node, warnings }, 'started');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

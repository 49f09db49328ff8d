// nginx in front of our servers, as a deployment runs it: `./run cluster` and the proxy tests use
// it. Debian's package (installed by ./run when missing); NGINX_PATH names another binary.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The nginx binary, or null when this machine has none. */
export function findNginx() {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** How long nginx keeps a server out after a failed call (its `fail_timeout`), in seconds. */
export const FAIL_TIMEOUT_SECONDS = 2;

/**
 * The configuration: `listen` (host:port) in front of `backends` (address:port each). The
 * client's address goes on in X-Forwarded-For (the servers trust one hop: TRUST_PROXY=1), and
 * X-Forwarded-Host is the Host the client asked for, never one it wrote itself. The realtime socket
 * is upgraded to a WebSocket. Each browser stays on one server: the `srv` cookie names it (s1,
 * s2, …); a request without one, or with a name that is none of ours, goes to any server, and the
 * answer names the server that gave it, except for the build's immutable files (/assets/), which
 * set no cookie. While its server is out, a browser's requests go to another. nginx does not say
 * its version.
 */
export function nginxConfig({ listen, backends, prefix }) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const ids = backends.map((_, i) => `s${i + 1}`);
  const server = (b, backup = false) => `    server ${b} max_fails=1 fail_timeout=${FAIL_TIMEOUT_SECONDS}s${backup ? ' backup' : ''};`;
  // A browser's own server, and the others when it is out.
  const pinned = backends.map(
    (b, i) => `  upstream rupee_${ids[i]} {
${[server(b), ...backends.filter((o) => o !== b).map((o) => server(o, true))].join('\n')}
    keepalive 16;
  }`,
  );
  return `# Written by scripts/lib/nginx.mjs
${asRoot ? 'user root;\n' : ''}worker_processes 1;
# Each player's socket is two connections here (to the player and to a server): 16,384 hold
# 8,000 players, and the process may open as many files.
worker_rlimit_nofile 40000;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 16384; }
http {
  access_log off;
  server_tokens off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  # The browser's server when its srv cookie names one of ours; any server otherwise.
  map $cookie_srv $srv_upstream {
    default rupee;
${ids.map((id) => `    ${id} rupee_${id};`).join('\n')}
  }
  # The server that answered at the first try.
  map $upstream_addr $srv_answered {
    default '';
${backends.map((b, i) => `    '${b}' ${ids[i]};`).join('\n')}
  }
  # A cookie only for a browser without one of ours, and never on the immutable files.
  map "$srv_upstream:$uri" $srv_new {
    default '';
    ~^rupee:/assets/ '';
    ~^rupee: $srv_answered;
  }
  map $srv_new $srv_cookie {
    '' '';
    default "srv=$srv_new; Path=/; HttpOnly; SameSite=Lax";
  }
  upstream rupee {
${backends.map((b) => server(b)).join('\n')}
    keepalive 16;
  }
${pinned.join('\n')}
  server {
    listen ${listen};
    client_max_body_size 11m;
    location / {
      proxy_pass http://$srv_upstream;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 75s;
      proxy_next_upstream error timeout;
      add_header Set-Cookie $srv_cookie always;
    }
  }
}
`;
}

const answers = (host, port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * Starts nginx with nginxConfig in a folder of its own and waits until it listens. Answers its
 * url, `reload()` (nginx -s reload) and `stop()` (which removes the folder).
 */
export async function startNginx({ host = '127.0.0.1', port, backends, binary = findNginx(), inherit = false }) {
  if (!binary) throw new Error("nginx is not installed: run ./run cluster (it installs Debian's nginx-light), or set NGINX_PATH.");
  const prefix = mkdtempSync(join(tmpdir(), 'rupee-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, d));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ listen: `${host}:${port}`, backends, prefix }));
  const args = ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')];
  const test = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
  let output = '';
  const child = spawn(binary, args, { stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 100 && !(await answers(host, port)); i++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://${host}:${port}`,
    prefix,
    child,
    reload: () => spawnSync(binary, [...args, '-s', 'reload'], { encoding: 'utf8' }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

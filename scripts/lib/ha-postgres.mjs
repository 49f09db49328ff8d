// PostgreSQL with a standby and automatic failover, as an operator runs it on three machines:
// Patroni (Debian's package) manages three PostgreSQL nodes with synchronous replication, etcd
// holds the cluster's state, and HAProxy sends one port to whichever node is primary, by asking
// each node's Patroni REST API (GET /primary), the pattern of Patroni's own documentation.
//
// Here the three machines, and etcd's, are network namespaces of this machine, each joined to a
// bridge by a veth link: a node can die (every process killed, its link down), be cut off with its
// processes alive (its link down, or only the way to its peers and etcd lost), and come back. The
// app's side, HAProxy, stays on this machine's own network (10.x.y.1 on the bridge); HAProxy
// listens on loopback. `./run cluster --ha` and the failover suite (tests/failover) use it. Needs
// root (namespaces), Debian's patroni, etcd-server and haproxy (./run installs them), and
// PostgreSQL's server binaries.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const NODES = 3;
/** A standby this close to the primary's WAL (bytes yet to replay) has caught up: under load it is never exactly 0. */
const CAUGHT_UP_BYTES = 1024 * 1024;
/**
 * Patroni's timing: the leader renews its key every LOOP_WAIT s, gives up on etcd after
 * RETRY_TIMEOUT s (and then stops being primary), and its key expires after TTL s, when a standby
 * may take over. Patroni needs loop_wait + 2 × retry_timeout ≤ ttl, so a primary that lost etcd has
 * stopped accepting writes before anyone else can be promoted.
 */
export const HA_TIMING = { ttl: 10, loopWait: 1, retryTimeout: 4 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The PostgreSQL server binaries' folder, or null. */
function postgresBin() {
  for (const v of [17, 16, 15]) if (existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`)) return `/usr/lib/postgresql/${v}/bin`;
  return null;
}

/** What this machine lacks to run the topology (empty when nothing). */
export function haMissing() {
  const missing = [];
  if (process.getuid?.() !== 0) missing.push('root (for network namespaces)');
  for (const [binary, pkg] of [
    ['/usr/bin/patroni', 'patroni'],
    ['/usr/bin/etcd', 'etcd-server'],
    ['/usr/sbin/haproxy', 'haproxy'],
    ['/usr/sbin/ip', 'iproute2'],
  ])
    if (!existsSync(binary)) missing.push(`${pkg} (${binary})`);
  if (!postgresBin()) missing.push("PostgreSQL's server binaries");
  return missing;
}

const run = (args, opts = {}) => execFileSync(args[0], args.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
const tryRun = (args) => spawnSync(args[0], args.slice(1), { encoding: 'utf8' });
const inNs = (ns, args) => run(['ip', 'netns', 'exec', ns, ...args]);

/** A /24 and a name prefix no other run on this machine uses now. */
function pickNetwork() {
  const used = new Set(run(['ip', '-o', 'link', 'show']).match(/rah\d+/g) ?? []);
  for (let tries = 0; tries < 200; tries++) {
    const n = 100 + Math.floor(Math.random() * 150);
    if (!used.has(`rah${n}`)) return n;
  }
  throw new Error('no free network for the HA cluster');
}

/** GET on a Patroni REST API: status and JSON body (status 0 when it does not answer). */
async function rest(ip, path, timeoutMs = 800) {
  try {
    const res = await fetch(`http://${ip}:8008${path}`, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

function patroniConfig({ name, ip, etcd, subnet, dir, bin, synchronous }) {
  // JSON is YAML: no YAML writer needed.
  return JSON.stringify(
    {
      scope: 'rupee',
      name,
      log: { level: 'INFO' },
      restapi: { listen: `${ip}:8008`, connect_address: `${ip}:8008` },
      etcd3: { hosts: `${etcd}:2379` },
      bootstrap: {
        dcs: {
          ttl: HA_TIMING.ttl,
          loop_wait: HA_TIMING.loopWait,
          retry_timeout: HA_TIMING.retryTimeout,
          maximum_lag_on_failover: 1048576,
          // A commit is acknowledged only once a standby has it, and never with none (strict):
          // docs/decisions/0030-postgresql-failover.md.
          synchronous_mode: synchronous,
          synchronous_mode_strict: synchronous,
          // A primary that steps down stops within 5 s or its postmaster is killed. Without it, a
          // primary cut off from its standbys kept a postmaster waiting on its WAL senders while
          // Patroni rewound and then re-cloned the folder under it, and that postmaster's last
          // checkpoint landed in the new clone: a standby ahead of its primary, that never streams.
          primary_stop_timeout: 5,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: {
              max_connections: 120,
              shared_buffers: '32MB',
              wal_level: 'replica',
              hot_standby: 'on',
              wal_log_hints: 'on',
              max_wal_senders: 10,
              max_replication_slots: 10,
              wal_keep_size: '128MB',
              // A WAL sender whose standby has vanished gives up in seconds, not a minute, so a
              // primary cut off from its standbys can shut down.
              wal_sender_timeout: '5s',
            },
          },
        },
        initdb: [{ encoding: 'UTF8' }, 'data-checksums'],
      },
      postgresql: {
        listen: `${ip},127.0.0.1:5432`,
        connect_address: `${ip}:5432`,
        data_dir: join(dir, 'data'),
        bin_dir: bin,
        pgpass: join(dir, 'pgpass'),
        authentication: {
          superuser: { username: 'postgres', password: 'postgres' },
          replication: { username: 'replicator', password: 'replicator' },
          rewind: { username: 'postgres', password: 'postgres' },
        },
        parameters: { unix_socket_directories: dir },
        pg_hba: [
          'local all all trust',
          `host all all ${subnet}.0/24 trust`,
          `host replication replicator ${subnet}.0/24 trust`,
          'host all all 127.0.0.1/32 trust',
          // Patroni reads its own node's timeline over a local replication connection: without
          // this line it cannot tell that a node has diverged, and never rewinds it.
          'host replication replicator 127.0.0.1/32 trust',
        ],
        // A clone (a new node, or patronictl reinit) asks the primary for an immediate checkpoint
        // instead of waiting for a spread one (minutes).
        basebackup: [{ checkpoint: 'fast' }],
        // A node whose history diverged and cannot be rewound is cloned again from the primary.
        remove_data_directory_on_rewind_failure: true,
        remove_data_directory_on_diverged_timelines: true,
      },
    },
    null,
    2,
  );
}

function haproxyConfig({ port, nodes, dir, host }) {
  // Each node's Patroni answers GET /primary with 200 only on the primary. A node marked down
  // has its connections closed at once, so no call waits on a machine that is gone.
  return `# Written by scripts/lib/ha-postgres.mjs
global
  maxconn 2000
  pidfile ${dir}/haproxy.pid
  # The runtime API: echo 'show servers state' | socat - ${dir}/haproxy.sock
  stats socket ${dir}/haproxy.sock mode 600 level admin
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
listen primary
  bind ${host}:${port}
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions
${nodes.map((n) => `  server ${n.name} ${n.ip}:5432 maxconn 200 check port 8008`).join('\n')}
`;
}

/**
 * Starts etcd, three Patroni nodes and HAProxy (on `host`:`port`), and waits until one node is
 * primary with two standbys streaming, one of them synchronous. `synchronous: false` runs them
 * with asynchronous replication (only to show what the failover suite catches).
 */
export async function startHaPostgres({ port, host = '127.0.0.1', synchronous = true, log = () => undefined } = {}) {
  const missing = haMissing();
  if (missing.length) throw new Error(`the HA cluster needs ${missing.join(', ')}`);
  const bin = postgresBin();
  const n = pickNetwork();
  const subnet = `10.${n}.0`;
  const bridge = `rah${n}`;
  const root = mkdtempSync(join(tmpdir(), 'rupee-ha-'));
  const uid = Number(run(['id', '-u', 'postgres']).trim());
  const gid = Number(run(['id', '-g', 'postgres']).trim());
  const etcd = { name: 'etcd', ns: `rah${n}-etcd`, ip: `${subnet}.2`, veth: `rah${n}v0` };
  const nodes = Array.from({ length: NODES }, (_, i) => ({
    name: `db${i + 1}`,
    ns: `rah${n}-db${i + 1}`,
    ip: `${subnet}.${11 + i}`,
    veth: `rah${n}v${i + 1}`,
    dir: join(root, `db${i + 1}`),
    child: null,
  }));
  const children = new Set();
  let haproxy = null;

  const cleanup = () => {
    for (const c of children) c.kill('SIGKILL');
    for (const m of [etcd, ...nodes]) {
      const pids = tryRun(['ip', 'netns', 'pids', m.ns]).stdout?.trim().split(/\s+/).filter(Boolean) ?? [];
      for (const pid of pids) tryRun(['kill', '-9', pid]);
      tryRun(['ip', 'netns', 'del', m.ns]);
    }
    tryRun(['ip', 'link', 'del', bridge]);
  };

  // Whatever ends this process, the namespaces and their processes do not outlive it.
  process.once('exit', cleanup);
  try {
    // The network: a bridge on this machine (10.n.0.1) and a veth link to each machine.
    run(['ip', 'link', 'add', bridge, 'type', 'bridge']);
    run(['ip', 'addr', 'add', `${subnet}.1/24`, 'dev', bridge]);
    run(['ip', 'link', 'set', bridge, 'up']);
    for (const m of [etcd, ...nodes]) {
      run(['ip', 'netns', 'add', m.ns]);
      run(['ip', 'link', 'add', m.veth, 'type', 'veth', 'peer', 'name', `${m.veth}p`]);
      run(['ip', 'link', 'set', `${m.veth}p`, 'netns', m.ns]);
      inNs(m.ns, ['ip', 'link', 'set', `${m.veth}p`, 'name', 'eth0']);
      inNs(m.ns, ['ip', 'addr', 'add', `${m.ip}/24`, 'dev', 'eth0']);
      inNs(m.ns, ['ip', 'link', 'set', 'eth0', 'up']);
      inNs(m.ns, ['ip', 'link', 'set', 'lo', 'up']);
      run(['ip', 'link', 'set', m.veth, 'master', bridge]);
      run(['ip', 'link', 'set', m.veth, 'up']);
    }

    const spawnLogged = (name, args, opts) => {
      const child = spawn(args[0], args.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
      let out = '';
      // Also on disk, for an operator to read while it runs: <root>/<name>.log.
      const file = createWriteStream(join(root, `${name}.log`), { flags: 'a' });
      const keep = (c) => {
        file.write(c);
        out = (out + c.toString('utf8')).slice(-20000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.logs = () => out;
      children.add(child);
      child.once('exit', () => children.delete(child));
      return child;
    };

    // etcd, on a machine of its own.
    const etcdDir = join(root, 'etcd');
    mkdirSync(etcdDir);
    const etcdUrl = `http://${etcd.ip}`;
    spawnLogged('etcd', [
      'ip',
      'netns',
      'exec',
      etcd.ns,
      '/usr/bin/etcd',
      '--name=etcd',
      `--data-dir=${etcdDir}/data`,
      `--listen-client-urls=${etcdUrl}:2379`,
      `--advertise-client-urls=${etcdUrl}:2379`,
      `--listen-peer-urls=${etcdUrl}:2380`,
      `--initial-advertise-peer-urls=${etcdUrl}:2380`,
      `--initial-cluster=etcd=${etcdUrl}:2380`,
      '--log-level=error',
    ]);
    for (let i = 0; ; i++) {
      try {
        const res = await fetch(`${etcdUrl}:2379/health`, { signal: AbortSignal.timeout(500) });
        if (res.ok) break;
      } catch {
        /* not yet */
      }
      if (i > 100) throw new Error('etcd did not start');
      await sleep(100);
    }

    for (const node of nodes) {
      mkdirSync(join(node.dir, 'log'), { recursive: true });
      writeFileSync(join(node.dir, 'patroni.yml'), patroniConfig({ name: node.name, ip: node.ip, etcd: etcd.ip, subnet, dir: node.dir, bin, synchronous }));
      for (const p of [node.dir, join(node.dir, 'log'), join(node.dir, 'patroni.yml')]) chownSync(p, uid, gid);
    }
    chownSync(root, uid, gid);

    const startNode = (node) => {
      // Patroni runs PostgreSQL as its own user, never as root.
      node.child = spawnLogged(
        node.name,
        ['ip', 'netns', 'exec', node.ns, 'setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--init-groups', '/usr/bin/patroni', join(node.dir, 'patroni.yml')],
        {
          env: { PATH: '/usr/bin:/bin', HOME: node.dir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
        },
      );
    };
    // The first node bootstraps the cluster; the others then clone it.
    startNode(nodes[0]);
    await waitFor(
      async () => (await rest(nodes[0].ip, '/primary')).status === 200,
      60_000,
      'the first node to become primary',
      () => nodes[0].child.logs(),
    );
    for (const node of nodes.slice(1)) startNode(node);

    const haDir = join(root, 'haproxy');
    mkdirSync(haDir);
    writeFileSync(join(haDir, 'haproxy.cfg'), haproxyConfig({ port, nodes, dir: haDir, host }));
    haproxy = spawnLogged('haproxy', ['/usr/sbin/haproxy', '-db', '-f', join(haDir, 'haproxy.cfg')]);

    const cluster = {
      url: `postgres://postgres@${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/rupee`,
      nodes,
      etcd,
      subnet,
      root,
      haproxy,
      /** HAProxy's runtime API socket. */
      haproxySocket: join(haDir, 'haproxy.sock'),
      /** The members as Patroni's cluster view lists them (name, role, state, lag). */
      async members() {
        for (const node of nodes) {
          const res = await rest(node.ip, '/cluster');
          if (res.status === 200 && res.body?.members) return res.body.members;
        }
        return [];
      },
      /** Names of the nodes that say they are primary now (their own view, each asked directly). */
      async primaries() {
        const answers = await Promise.all(nodes.map(async (node) => ((await rest(node.ip, '/primary', 400)).status === 200 ? node.name : null)));
        return answers.filter(Boolean);
      },
      /**
       * The primary's own view of its standbys (pg_stat_replication): each standby's member name,
       * whether it streams, whether it is the synchronous one, and how many bytes of WAL it has yet
       * to replay. Patroni's view alone is not enough: a rewound node that waits for WAL the
       * primary never wrote ("requested starting point … is ahead of the WAL flush position")
       * shows as a running replica with a lag of 0 while it streams nothing.
       */
      async standbys() {
        const members = await cluster.members();
        const leaders = members.filter((m) => m.role === 'leader');
        if (leaders.length !== 1) return [];
        const client = new pg.Client({
          connectionString: `postgres://postgres@${cluster.byName(leaders[0].name).ip}:5432/postgres`,
          connectionTimeoutMillis: 1000,
          query_timeout: 1000,
        });
        client.on('error', () => undefined);
        try {
          await client.connect();
          const { rows } = await client.query(
            `SELECT application_name AS name, state, sync_state AS "syncState",
                    coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn), 1e12)::bigint AS "behindBytes"
               FROM pg_stat_replication`,
          );
          return rows.map((r) => ({ ...r, behindBytes: Number(r.behindBytes) }));
        } catch {
          return [];
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      /**
       * Waits until one primary and every other node a standby on its timeline that streams from
       * it and has replayed nearly all of it, one of them synchronous (as the primary sees them).
       */
      async waitHealthy(timeoutMs = 90_000) {
        await waitFor(
          async () => (await cluster.behind()).length === 0 && (!synchronous || (await cluster.syncStandby()) !== undefined),
          timeoutMs,
          'the cluster to be healthy (one primary, two standbys streaming, one synchronous)',
          async () => `${JSON.stringify(await cluster.members())} ${JSON.stringify(await cluster.standbys())}`,
        );
      },
      /** The standby the primary now waits for (its synchronous one), or undefined. */
      async syncStandby() {
        return (await cluster.standbys()).find((s) => s.state === 'streaming' && s.syncState === 'sync')?.name;
      },
      byName: (name) => nodes.find((node) => node.name === name),
      /** The machine dies: every process on it killed at once, its link down. */
      kill(name) {
        const node = cluster.byName(name);
        run(['ip', 'link', 'set', node.veth, 'down']);
        const pids = tryRun(['ip', 'netns', 'pids', node.ns]).stdout.trim().split(/\s+/).filter(Boolean);
        for (const pid of pids) tryRun(['kill', '-9', pid]);
        node.child = null;
      },
      /** The machine comes back: its link up and Patroni started, which rejoins it as a standby. */
      revive(name) {
        const node = cluster.byName(name);
        run(['ip', 'link', 'set', node.veth, 'up']);
        // The dead postmaster's pid file is left behind, as after a power cut; Patroni copes.
        startNode(node);
      },
      /**
       * The machine is cut off with its processes alive: `link`, its link down (nobody reaches it);
       * `peers`, only its peers and etcd lost (the app's side still reaches it): its packets to
       * them, and theirs to it, go to a hardware address nobody has, and vanish.
       */
      cut(name, how) {
        const node = cluster.byName(name);
        if (how === 'link') {
          run(['ip', 'link', 'set', node.veth, 'down']);
          return;
        }
        for (const other of [etcd, ...nodes]) {
          if (other === node) continue;
          inNs(node.ns, ['ip', 'neigh', 'replace', other.ip, 'lladdr', '02:00:00:00:00:01', 'dev', 'eth0', 'nud', 'permanent']);
          inNs(other.ns, ['ip', 'neigh', 'replace', node.ip, 'lladdr', '02:00:00:00:00:01', 'dev', 'eth0', 'nud', 'permanent']);
        }
      },
      /** Ends a cut: the link up and the ways to its peers back. */
      heal(name) {
        const node = cluster.byName(name);
        run(['ip', 'link', 'set', node.veth, 'up']);
        for (const other of [etcd, ...nodes]) {
          if (other === node) continue;
          tryRun(['ip', 'netns', 'exec', node.ns, 'ip', 'neigh', 'del', other.ip, 'dev', 'eth0']);
          tryRun(['ip', 'netns', 'exec', other.ns, 'ip', 'neigh', 'del', node.ip, 'dev', 'eth0']);
        }
      },
      /** A planned switchover with patronictl, from the primary to `candidate` (any standby when not given). */
      switchover(leader, candidate) {
        const args = ['-c', join(nodes[0].dir, 'patroni.yml'), 'switchover', '--leader', leader, '--force'];
        if (candidate) args.push('--candidate', candidate);
        return tryRun(['/usr/bin/patronictl', ...args]);
      },
      /**
       * The runbook's step for a node that does not stream again by itself: `patronictl reinit`,
       * which clones it afresh from the primary.
       */
      reinit(name) {
        return tryRun(['/usr/bin/patronictl', '-c', join(nodes[0].dir, 'patroni.yml'), 'reinit', 'rupee', name, '--force']);
      },
      /**
       * Members that are not, now, standbys on the primary's timeline that stream from it and have
       * replayed all but CAUGHT_UP_BYTES of it; every node when there is not exactly one primary.
       */
      async behind() {
        const members = await cluster.members();
        const leaders = members.filter((m) => m.role === 'leader' && m.state === 'running');
        if (leaders.length !== 1) return nodes.map((n) => n.name);
        const standbys = await cluster.standbys();
        const streaming = new Set(standbys.filter((s) => s.state === 'streaming' && s.behindBytes <= CAUGHT_UP_BYTES).map((s) => s.name));
        const behind = nodes
          .map((n) => n.name)
          .filter((name) => name !== leaders[0].name)
          .filter((name) => !streaming.has(name) || members.find((m) => m.name === name)?.timeline !== leaders[0].timeline);
        return behind;
      },
      /** Patroni's log lines of a node, for a failure's message. */
      logs: (name) => cluster.byName(name).child?.logs() ?? '',
      haproxyLogs: () => haproxy.logs(),
      async stop() {
        process.removeListener('exit', cleanup);
        cleanup();
        await sleep(100);
        rmSync(root, { recursive: true, force: true });
      },
    };
    await cluster.waitHealthy();
    // The app's database.
    const client = new pg.Client({ connectionString: cluster.url.replace(/\/rupee$/, '/postgres') });
    await client.connect();
    try {
      await client.query('CREATE DATABASE rupee');
    } finally {
      await client.end();
    }
    log(`HA PostgreSQL: etcd ${etcd.ip}, nodes ${nodes.map((x) => `${x.name} ${x.ip}`).join(', ')}, HAProxy on ${host}:${port}`);
    return cluster;
  } catch (err) {
    const logs = nodes.map((x) => `${x.name}: ${x.child?.logs?.().slice(-2000) ?? ''}`).join('\n');
    cleanup();
    rmSync(root, { recursive: true, force: true });
    throw new Error(`${err.message}\n${logs}`, { cause: err });
  }
}

async function waitFor(check, timeoutMs, what, detail) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}: ${detail ? await detail() : ''}`);
}

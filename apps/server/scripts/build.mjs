// @ts-check
/**
 * The production builds `npm start` runs, each only when its sources changed (docs/decisions/018-start-supervision-and-root.md):
 *
 * - the console: `vite build` into apps/web/dist;
 * - the server: one esbuild bundle per entry (main, supervisor, worker) into apps/server/dist, run by plain Node.
 *   Packages from node_modules stay imports; `@tarang/shared` (TypeScript source) is bundled in. A module's
 *   `import.meta.dirname` still names its source directory, so the migrations (apps/server/drizzle) and the console
 *   (apps/web/dist) are found from the bundle as from the sources.
 *
 * "Changed" means the SHA-256 of the source files' contents differs from the stamp the last build wrote next to its
 * output, so a fresh clone, a `git checkout` or an edit rebuilds and a plain restart does not.
 *
 * Two starts at once (a test that starts the product while another does) build one after the other under a lock, so
 * the second finds the first one's build current instead of writing into the same directory.
 *
 * `node apps/server/scripts/build.mjs [--force]` builds what is stale (everything with --force).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB = path.join(ROOT, 'apps/web');
const SERVER = path.join(ROOT, 'apps/server');
const SHARED = path.join(ROOT, 'packages/shared');
const STAMP = '.build-stamp';

/** @param {string} target @param {(file: string) => boolean} keep @param {string[]} out */
function listFiles(target, keep, out = []) {
  if (!existsSync(target)) return out;
  if (!statSync(target).isDirectory()) {
    if (keep(target)) out.push(target);
    return out;
  }
  for (const entry of readdirSync(target).sort()) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    listFiles(path.join(target, entry), keep, out);
  }
  return out;
}

/** @param {string[]} sources @param {(file: string) => boolean} keep */
export function sourceHash(sources, keep = () => true) {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((s) => listFiles(s, keep))) {
    hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** @param {string} outDir @param {string} hash */
function isCurrent(outDir, hash) {
  try {
    return readFileSync(path.join(outDir, STAMP), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/** @param {string} file */
const notATest = (file) => !/\.test\.tsx?$/.test(file) && !file.includes(`${path.sep}testing${path.sep}`);

const CONSOLE_SOURCES = [
  path.join(WEB, 'src'),
  path.join(WEB, 'public'),
  path.join(WEB, 'index.html'),
  path.join(WEB, 'vite.config.ts'),
  path.join(WEB, 'package.json'),
  path.join(SHARED, 'src'),
  path.join(SHARED, 'package.json'),
  path.join(ROOT, 'package-lock.json'),
];

const SERVER_SOURCES = [
  path.join(SERVER, 'src'),
  path.join(SERVER, 'package.json'),
  path.join(SHARED, 'src'),
  path.join(SHARED, 'package.json'),
  fileURLToPath(import.meta.url),
];

/**
 * Builds the console when its sources changed since the last build (or `force`). Returns whether it built.
 * @param {{ force?: boolean }} [options]
 */
export function buildConsoleIfStale({ force = false } = {}) {
  const outDir = path.join(WEB, 'dist');
  const hash = sourceHash(CONSOLE_SOURCES, notATest);
  if (!force && existsSync(path.join(outDir, 'index.html')) && isCurrent(outDir, hash)) return false;
  const started = Date.now();
  // A production build whatever NODE_ENV the caller has (Vite follows NODE_ENV).
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  writeFileSync(path.join(outDir, STAMP), `${hash}\n`);
  console.log(`[build] built the console in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/** @type {import('esbuild').Plugin} */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(build) {
    // Every bare import but the workspace's own TypeScript packages is loaded from node_modules at run time.
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tarang/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * `import.meta.dirname` in a bundled module names its source directory, relative to the bundle (so a moved checkout
 * still works): `path.resolve(import.meta.dirname, '../../drizzle')` finds the same directory from dist as from src.
 * @param {string} outDir
 * @returns {import('esbuild').Plugin}
 */
function sourceDirname(outDir) {
  return {
    name: 'source-dirname',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.dirname')) return undefined;
        const relative = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
        const expression = `__sourceDirname(new URL(${JSON.stringify(`${relative}/`)}, import.meta.url)).replace(/\\/$/, '')`;
        return {
          contents: `import { fileURLToPath as __sourceDirname } from 'node:url';\n${text.replaceAll('import.meta.dirname', expression)}`,
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * Bundles the server when its sources changed since the last build (or `force`). Returns whether it built.
 * @param {{ force?: boolean }} [options]
 */
export async function buildServerIfStale({ force = false } = {}) {
  const outDir = path.join(SERVER, 'dist');
  const hash = sourceHash(SERVER_SOURCES, notATest);
  if (!force && existsSync(path.join(outDir, 'supervisor.js')) && isCurrent(outDir, hash)) return false;
  const started = Date.now();
  const esbuild = await import('esbuild');
  try {
    await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: {
        main: path.join(SERVER, 'src/main.ts'),
        supervisor: path.join(SERVER, 'src/supervisor.ts'),
        worker: path.join(SERVER, 'src/worker.ts'),
      },
      outdir: outDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      sourcemap: true,
      legalComments: 'none',
      logLevel: 'warning',
      plugins: [keepPackagesExternal, sourceDirname(outDir)],
    });
  } finally {
    await esbuild.stop();
  }
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify({ type: 'module', private: true })}\n`);
  writeFileSync(path.join(outDir, STAMP), `${hash}\n`);
  console.log(`[build] built the server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

const LOCK = path.join(ROOT, 'node_modules', '.tarang-build-lock');

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Runs `work` holding the build lock: a directory made atomically, with the holder's pid in it. A lock whose holder
 * is gone (a build killed midway) is taken over.
 * @template T @param {() => Promise<T>} work @returns {Promise<T>}
 */
async function withBuildLock(work) {
  for (let waited = 0; ; waited += 250) {
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      let holder = 0;
      try {
        holder = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
      } catch {
        // Made but its pid not yet written: the holder is starting.
      }
      if ((holder && !isRunning(holder)) || waited > 600_000) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** @param {{ force?: boolean }} [options] */
export async function buildIfStale(options = {}) {
  await withBuildLock(async () => {
    buildConsoleIfStale(options);
    await buildServerIfStale(options);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildIfStale({ force: process.argv.includes('--force') });
}

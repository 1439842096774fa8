// @ts-check
/**
 * `npm start`: builds the console and the server when their sources changed (build.mjs), then runs the supervisor
 * from the compiled server in this same process, so signals sent to `npm start` reach it directly.
 */
import { buildIfStale } from './build.mjs';

await buildIfStale();
const { runSupervisor } = await import('../dist/supervisor.js');
runSupervisor();

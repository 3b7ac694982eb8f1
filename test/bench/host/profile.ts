// `npm run bench -- --profile=activation,history` (WSA_BENCH_PROFILE): a CPU profile of the named
// steps of each host run, taken with the inspector inside the extension host and written to
// test-results/bench-host/<name>.cpuprofile, then <name>-2.cpuprofile for the second run and so on
// (open them in Chrome DevTools or VS Code): the first run starts without the code cache, the others
// with it. It is how the README's explanations of slow figures were found.
import { existsSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

export async function profiled<T>(name: string, fn: () => PromiseLike<T> | T): Promise<T> {
  const wanted = (process.env.WSA_BENCH_PROFILE ?? '').split(',').map((s) => s.trim());
  const dir = process.env.WSA_TEST_RESULTS_DIR;
  if (!dir || !(wanted.includes(name) || wanted.includes('all'))) return fn();
  // The runner empties the folder before the first run.
  let run = 1;
  while (existsSync(join(dir, `${name}${run > 1 ? `-${run}` : ''}.cpuprofile`))) run++;
  const file = join(dir, `${name}${run > 1 ? `-${run}` : ''}.cpuprofile`);
  const session = new Session();
  session.connect();
  const post = <R>(method: string, params?: object) =>
    new Promise<R>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as R))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await post<{ profile: unknown }>('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

// `npm run bench -- --profile=activation,history` (WSA_BENCH_PROFILE): a CPU profile of the named
// steps of the first host run, taken with the inspector inside the extension host and written to
// test-results/bench-host/<name>.cpuprofile (open it in Chrome DevTools or VS Code). It is how the
// README's explanations of slow figures were found.
import { existsSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

export async function profiled<T>(name: string, fn: () => PromiseLike<T> | T): Promise<T> {
  const wanted = (process.env.WSA_BENCH_PROFILE ?? '').split(',').map((s) => s.trim());
  const dir = process.env.WSA_TEST_RESULTS_DIR;
  if (!dir || !(wanted.includes(name) || wanted.includes('all'))) return fn();
  const file = join(dir, `${name}.cpuprofile`);
  // The first run's profile is kept (the runner empties the folder before it).
  if (existsSync(file)) return fn();
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

// Preloaded into a measured process (node --import): at exit, append the process's CPU time
// (user + system, all threads, since start) in milliseconds to the file named by SP_CPU_FILE.
import { appendFileSync } from 'node:fs';

process.on('exit', () => {
  const u = process.cpuUsage();
  if (process.env.SP_CPU_FILE) appendFileSync(process.env.SP_CPU_FILE, `${(u.user + u.system) / 1000}\n`);
});

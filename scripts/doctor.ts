/**
 * Checks this server's setup and says, in plain words, what to fix (docs/deploy.md#check-the-setup):
 *   npm run doctor                                   with the environment as it is
 *   npm run doctor -- --env-file /etc/ppa/ppa.env    with the site's environment file (as systemd reads it)
 * Run it as the user the site runs as, from the site's folder. It changes nothing. Exit code 1 when
 * a check fails.
 */
import { exitCodeFor, formatReport } from '~/features/operations/preflight';
import { runPreflight } from '~/server/preflight.server';

const args = process.argv.slice(2);
const envFileAt = args.indexOf('--env-file');
if (args.includes('--help') || (envFileAt >= 0 && !args[envFileAt + 1])) {
  process.stdout.write('Usage: npm run doctor [-- --env-file PATH]\n');
  process.exit(args.includes('--help') ? 0 : 1);
}
if (envFileAt >= 0) {
  const file = args[envFileAt + 1]!;
  try {
    // Variables already set in the environment win, as with systemd's Environment= over EnvironmentFile=.
    process.loadEnvFile(file);
  } catch (error) {
    process.stderr.write(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    process.exit(1);
  }
}

const checks = await runPreflight(process.env);
// The report is this command's answer, not a log line.
process.stdout.write(`${formatReport(checks)}\n`);
process.exit(exitCodeFor(checks));

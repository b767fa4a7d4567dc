import { COMMANDS, help } from './commands';

/**
 * The operator's tools, one entry: `node --import tsx ops/src/main.ts <command> [arguments…]`, each
 * also a root npm script (`npm run admin|rebuild|replay|audit:verify`; `npm run ops -- --help` lists
 * them). Each works on DATABASE_URL (and EVENT_STORE/KURRENTDB_URL) like the services, or on the
 * embedded database under DATA_DIR, the running one or a temporary start of it (cli-database.ts).
 * A command's module is loaded only when it runs: `--help` starts nothing.
 */
const [name, ...args] = process.argv.slice(2);
if (name === '--help' || name === '-h' || name === 'help') {
  console.log(help());
} else {
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    console.error(`${name === undefined ? 'No command given' : `Unknown command: ${name}`}.\n\n${help()}`);
    process.exit(2);
  }
  await command.run(args);
}

// Placeholder replaced by the emulator work; kept so the registry type-checks.
import { CLIError } from '../../errors.js';
import type { Command } from '../registry.js';

const command: Command = {
  summary: 'Run the local emulator of the team-access API until stopped.',
  help: 'Usage: tfe-access emulator [options]\n',
  run() {
    return Promise.reject(new CLIError('the emulator is not built yet.'));
  },
};
export default command;

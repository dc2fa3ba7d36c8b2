import { runBusContract } from './contract.ts';
import { createMemoryBus } from './memory.ts';

runBusContract('memory', () => createMemoryBus({ retryDelayMs: 5 }), { inProcess: true });

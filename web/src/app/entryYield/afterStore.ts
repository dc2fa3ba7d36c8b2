import { yieldToMain } from '../yieldToMain.ts';

// A top-level await: what main.tsx imports after this module evaluates in a task of its own (see main.tsx).
await yieldToMain();

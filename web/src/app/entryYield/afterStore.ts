import { yieldToMain } from '../yieldToMain.ts';

// A top-level await: what main.tsx imports after this module evaluates in a task of its own (see main.tsx).
// Its twin is not a copy to merge: a module evaluates once, so each yield point is a module of its own.
await yieldToMain();

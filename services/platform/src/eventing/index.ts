export { createEventing, type EventingOptions } from './eventing.ts';
export { dataProblem, envelopeProblem } from './validation.ts';

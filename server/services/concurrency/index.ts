export { InterruptedError } from './sleep.ts';

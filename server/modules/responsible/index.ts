// Responsible play: the player's own limits, time-outs and self-exclusion, checked on every stake and deposit.
export { assertMayDeposit, assertNotExcluded, assertWithinLimits, exclusionOf, exclusionsOf } from './responsible.service.js';

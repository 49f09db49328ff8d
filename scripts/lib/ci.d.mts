/** True on CI (CI=true or 1), where proofs that need a service must run rather than skip. */
export declare const IN_CI: boolean;

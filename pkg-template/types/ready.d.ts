/** `true` once this entry's instance is ready and until it has failed (API.md §2.1). */
export declare function isReady(): boolean;

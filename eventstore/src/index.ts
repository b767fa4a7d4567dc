/** The event-store port; adapters live under `./postgres` and `./kurrentdb`. */
export * from './port';

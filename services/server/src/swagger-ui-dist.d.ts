declare module 'swagger-ui-dist' {
  /** The folder holding swagger-ui's built files. */
  export function getAbsoluteFSPath(): string;
}

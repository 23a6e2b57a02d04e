/**
 * The app's paths and `href(name, params)`: one table with the server's emails,
 * in @reorder/schemas/web-paths.
 */
export { href, PATHS, type RouteName, type RouteParams } from '@reorder/schemas/web-paths';

/**
 * The page's script. A page the server drew (app/ssr/public-pages.ts) is shown before any of the app
 * runs: the app (start-app.tsx, with React, the router and the screens' code) is asked for only once
 * that page has painted with its largest picture, so on a phone's slow link the picture does not share
 * the line with the app's 150 kB of script, and nothing the app evaluates comes before that paint. An
 * empty page (any other screen) has nothing to show before the app: it is asked for at once.
 */
import { SSR_STATE_ID } from './app/ssr/state';
import { afterLargestPaint } from './lib/after-largest-paint';
import './index.css';

const drawn = document.getElementById(SSR_STATE_ID) !== null;
void (drawn ? afterLargestPaint() : Promise.resolve()).then(() => import('./start-app'));

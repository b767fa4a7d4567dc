import { type Badge, type BadgeName, badgeRank, MEMBERSHIP_PACKAGES } from './constants';

/** The membership plans' names and prices, apart from any schema (payments.ts re-exports them): the home page's plan cards need no zod. */

export type PackageName = keyof typeof MEMBERSHIP_PACKAGES;
export const PACKAGE_NAMES = Object.keys(MEMBERSHIP_PACKAGES) as PackageName[];

/** Whether buying a package raises a member holding `held`: only upgrades are sold (a lesser plan changes nothing). */
export const isUpgrade = (held: Badge | BadgeName | null | undefined, name: PackageName) => badgeRank(MEMBERSHIP_PACKAGES[name].badge) > badgeRank(held);

/** Every membership is charged in this currency (Stripe's lower-case ISO code). */
export const PAYMENT_CURRENCY = 'usd';

/** '$19' for 1900 minor units; cents only when there are any. */
export const displayPrice = (minorUnits: number) => `$${minorUnits % 100 === 0 ? minorUnits / 100 : (minorUnits / 100).toFixed(2)}`;

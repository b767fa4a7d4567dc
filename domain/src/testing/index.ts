/** What tests of the domain and of its readers share: given/when for deciders, and events as recorded. */
export { givenDecider } from './given';
export { GOLD_PAYMENT_ANSWER, goldPaymentSucceeded } from './payments';

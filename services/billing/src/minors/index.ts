export { capReached, monthlyCapOf, releaseSpend, reserveSpend, spentInMonth, type SpendRequest } from './cap.ts';

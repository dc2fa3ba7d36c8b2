// The purchases area's HTTP bodies and replies (services/billing/API.md); written by that area.
export {};

/**
 * Account numbers in lists and dropdowns show only their ends, enough for the member to tell
 * their accounts apart and too little for an onlooker to copy one.
 */
export function maskAccountNumber(accountNumber: string): string {
  const text = accountNumber.trim();
  if (text.length <= 4) return text;
  if (text.length <= 8) return `****${text.slice(-4)}`;
  return `${text.slice(0, 4)} **** ${text.slice(-4)}`;
}

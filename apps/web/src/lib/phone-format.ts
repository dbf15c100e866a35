/**
 * A stored E.164 phone the way people write it: US numbers as "(917) 555-0123", the spelling the
 * forms ask for and the contract's PhoneSchema reads back to the same E.164; any other country as
 * stored, since only its leading + tells it from a US number.
 */
export function formatPhone(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

import type { Address } from "../content/types.ts";

// Links into Google Maps built from the one address in the content module.

export function directionsUrl(address: Address): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address.mapsQuery)}`;
}

export function mapUrl(address: Address): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.mapsQuery)}`;
}

/** "1200 Rollerway Drive, Sugar Creek, IN 46999" on one line. */
export function formatAddress(address: Address): string {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

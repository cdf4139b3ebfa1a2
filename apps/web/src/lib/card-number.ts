/**
 * A card UID grouped for reading aloud or copying by eye: blocks of 4 characters separated by
 * spaces ('DEM0CARD0001' → 'DEM0 CARD 0001'). Any length; surrounding spaces removed.
 */
export function formatCardNumber(cardUid: string): string {
  return (
    cardUid
      .replace(/\s+/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

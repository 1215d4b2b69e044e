import type { CustomGiftSet } from '@dond/shared';
import { translatingDriverErrors } from '../../db/driverErrors.js';
import type { Db } from '../../db/knex.js';

interface GiftSetRow {
  id: number;
  user_id: number;
  name: string;
  gift_ids: string;
  updated_at: number | string;
}

const toGiftSet = (row: GiftSetRow): CustomGiftSet => ({
  id: Number(row.id),
  name: row.name,
  giftIds: JSON.parse(row.gift_ids) as number[],
});

export function giftSetsRepo(db: Db) {
  const sets = () => db<GiftSetRow>('gift_sets');
  return translatingDriverErrors({
    async findByUser(userId: number): Promise<CustomGiftSet | null> {
      const row = await sets().where({ user_id: userId }).first();
      return row ? toGiftSet(row) : null;
    },
    /** One set per user: saving again replaces it. */
    async save(
      userId: number,
      name: string,
      giftIds: readonly number[],
      now: number,
    ): Promise<CustomGiftSet> {
      const values = { name, gift_ids: JSON.stringify(giftIds), updated_at: now };
      await sets()
        .insert({ user_id: userId, ...values })
        .onConflict('user_id')
        .merge(values);
      const saved = await this.findByUser(userId);
      if (!saved) throw new Error('gift set vanished after saving');
      return saved;
    },
  });
}

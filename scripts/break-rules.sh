#!/usr/bin/env bash
# Breaks one rule at a time in a scratch copy of shared/ and checks that the tests catch it.
# Usage: bash scripts/break-rules.sh      (exit 1 if a broken rule goes unnoticed)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$root/shared" "$scratch/shared"
cp "$root/tsconfig.base.json" "$root/eslint.config.js" "$scratch/"
ln -s "$root/node_modules" "$scratch/node_modules"

# file % sed expression % what it breaks
mutations=(
  "src/constants.ts%s/ROUND_QUOTAS = \[6, 5, 4/ROUND_QUOTAS = [6, 4, 5/%round quotas 2 and 3 swapped"
  "src/constants.ts%s/0.62, 0.7, 0.76/0.62, 0.72, 0.76/%round 5 factor 0.72"
  "src/constants.ts%s/BANKER_TOP_TWO_MAX_PENALTY = 0.06/BANKER_TOP_TWO_MAX_PENALTY = 0.07/%top-two penalty limit 0.07"
  "src/constants.ts%s/BANKER_TOP_TWO_SHARE_THRESHOLD = 0.33/BANKER_TOP_TWO_SHARE_THRESHOLD = 0.3/%top-two threshold 30 percent"
  "src/constants.ts%s/BANKER_NOISE = 0.02/BANKER_NOISE = 0.03/%noise of 3 percent"
  "src/constants.ts%s/BANKER_CAP_FROM_ROUND_9 = 1.05/BANKER_CAP_FROM_ROUND_9 = 1/%round 9 cap 1.0"
  "src/constants.ts%s/BANKER_SMALL_OFFER_STEP = 25/BANKER_SMALL_OFFER_STEP = 50/%rounding to 50 below 1000"
  "src/constants.ts%s/BANKER_MIN_OFFER = 1;/BANKER_MIN_OFFER = 0;/%minimum offer 0"
  "src/constants.ts%s/BANKER_LAST_CASE_ROUND = 9/BANKER_LAST_CASE_ROUND = 8/%last case priced as round 8"
  "src/constants.ts%s/FINAL_ROUND = 10/FINAL_ROUND = 9/%final round 9"
  "src/rules/banker.ts%s/if (round <= 7) return BANKER_CAP_UP_TO_ROUND_7;/if (round <= 6) return BANKER_CAP_UP_TO_ROUND_7;/%cap boundary moved"
  "src/rules/reduce.ts%s/if (n === state.selectedCase)$/if (n === -1)/%own case may be opened"
  "src/rules/reduce.ts%s/casesRemaining: state.casesRemaining - 1,/casesRemaining: state.casesRemaining,/%pick does not count"
  "src/rules/verifyGame.ts%s/if (!possible.includes(payload.finalAmount)) {/if (false) {/%any won amount accepted"
  "src/rules/verifyGame.ts%s/if (seen.has(id)) return broken/if (false) return broken/%repeated gifts accepted"
  "src/rules/banker.ts%s/return amount === roundOfferDown(amount) || amount === BANKER_MIN_OFFER;/return true;/%off-step offers accepted"
  "src/random.ts%s/const j = randomInt(rng, i + 1);/const j = randomInt(rng, i);/%biased shuffle (Sattolo)"
  "src/format.ts%s/left <= EXPIRES_SOON_DAYS/left < EXPIRES_SOON_DAYS/%Expires Soon from 6 days"
  "src/schemas/auth.ts%s/usernameTooLong: 'Username must be less than 20 characters'/usernameTooLong: 'Username too long'/%username message changed"
)

survived=0
printf '%-40s %s\n' 'broken rule' 'tests failing'
for m in "${mutations[@]}"; do
  IFS='%' read -r file expr what <<<"$m"
  target="$scratch/shared/$file"
  cp "$target" "$target.orig"
  sed -i "$expr" "$target"
  if cmp -s "$target" "$target.orig"; then
    printf '%-40s %s\n' "$what" 'MUTATION DID NOT APPLY'
    survived=1
  else
    out=$(cd "$scratch/shared" && "$root/node_modules/.bin/vitest" run 2>&1 || true)
    failed=$(grep -oE 'Tests +[^ ]*[0-9]+ failed' <<<"$(sed 's/\x1b\[[0-9;]*m//g' <<<"$out")" | grep -oE '[0-9]+' | head -1 || true)
    printf '%-40s %s\n' "$what" "${failed:-0 (NOT CAUGHT)}"
    [ -n "${failed:-}" ] || survived=1
  fi
  mv "$target.orig" "$target"
done
exit "$survived"

#!/usr/bin/env bash
# Breaks one rule at a time in a scratch copy of shared/ or game-client/ and checks that the tests catch it.
# Usage: bash scripts/break-rules.sh [path]   (exit 1 if a broken rule goes unnoticed; with a path, e.g. shared or
# game-client/src/game, only the breaks of the files under it)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$root/shared" "$scratch/shared"
# The client's sources only (its build output is not read by its tests); the api is only read, by the live
# timing tests that start a server: a link is enough. @dond/shared resolves to the repository's own copy.
mkdir "$scratch/game-client"
tar -C "$root/game-client" --exclude=./dist --exclude=./node_modules -cf - . | tar -C "$scratch/game-client" -xf -
ln -s "$root/api" "$scratch/api"
cp "$root/tsconfig.base.json" "$root/eslint.config.js" "$scratch/"
ln -s "$root/node_modules" "$scratch/node_modules"

# The tests run for a break: all of shared's; for the client, the headless tests of what was broken (the
# controller's timings on a manual clock, the toasts' placement), not its whole suite.
tests_of() {
  case "$1" in
    shared/*) echo '' ;;
    game-client/src/game/*) echo 'src/game/timings.test.ts src/game/controller.test.ts' ;;
    game-client/src/save/* | game-client/src/store/gameLink.ts) echo 'src/game/liveTimings.test.ts' ;;
    game-client/src/screens/audience/* | game-client/src/screens/game/*) echo 'src/game/timings.test.ts' ;;
    game-client/src/board/*) echo 'src/board/toastPlacement.test.ts src/board/layout.test.ts' ;;
  esac
}

# workspace/file % sed expression % what it breaks
mutations=(
  "shared/src/constants.ts%s/ROUND_QUOTAS = \[6, 5, 4/ROUND_QUOTAS = [6, 4, 5/%round quotas 2 and 3 swapped"
  "shared/src/constants.ts%s/0.62, 0.7, 0.76/0.62, 0.72, 0.76/%round 5 factor 0.72"
  "shared/src/constants.ts%s/BANKER_TOP_TWO_MAX_PENALTY = 0.06/BANKER_TOP_TWO_MAX_PENALTY = 0.07/%top-two penalty limit 0.07"
  "shared/src/constants.ts%s/BANKER_TOP_TWO_SHARE_THRESHOLD = 0.33/BANKER_TOP_TWO_SHARE_THRESHOLD = 0.3/%top-two threshold 30 percent"
  "shared/src/constants.ts%s/BANKER_NOISE = 0.02/BANKER_NOISE = 0.03/%noise of 3 percent"
  "shared/src/constants.ts%s/BANKER_CAP_FROM_ROUND_9 = 1.05/BANKER_CAP_FROM_ROUND_9 = 1/%round 9 cap 1.0"
  "shared/src/constants.ts%s/BANKER_SMALL_OFFER_STEP = 25/BANKER_SMALL_OFFER_STEP = 50/%rounding to 50 below 1000"
  "shared/src/constants.ts%s/BANKER_MIN_OFFER = 1;/BANKER_MIN_OFFER = 0;/%minimum offer 0"
  "shared/src/constants.ts%s/BANKER_LAST_CASE_ROUND = 9/BANKER_LAST_CASE_ROUND = 8/%last case priced as round 8"
  "shared/src/constants.ts%s/FINAL_ROUND = 10/FINAL_ROUND = 9/%final round 9"
  "shared/src/rules/banker.ts%s/if (round <= 7) return BANKER_CAP_UP_TO_ROUND_7;/if (round <= 6) return BANKER_CAP_UP_TO_ROUND_7;/%cap boundary moved"
  "shared/src/rules/reduce.ts%s/if (n === state.selectedCase)$/if (n === -1)/%own case may be opened"
  "shared/src/rules/reduce.ts%s/casesRemaining: state.casesRemaining - 1,/casesRemaining: state.casesRemaining,/%pick does not count"
  "shared/src/rules/verifyGame.ts%s/if (!possible.includes(payload.finalAmount)) {/if (false) {/%any won amount accepted"
  "shared/src/rules/verifyGame.ts%s/if (seen.has(id)) return broken/if (false) return broken/%repeated gifts accepted"
  "shared/src/rules/banker.ts%s/return amount === roundOfferDown(amount) || amount === BANKER_MIN_OFFER;/return true;/%off-step offers accepted"
  "shared/src/random.ts%s/const j = randomInt(rng, i + 1);/const j = randomInt(rng, i);/%biased shuffle (Sattolo)"
  "shared/src/format.ts%s/left <= EXPIRES_SOON_DAYS/left < EXPIRES_SOON_DAYS/%Expires Soon from 6 days"
  "shared/src/schemas/auth.ts%s/usernameTooLong: 'Username must be less than 20 characters'/usernameTooLong: 'Username too long'/%username message changed"
  "game-client/src/game/controller.ts%s/schedule(TIMINGS.interactionLockMs,/schedule(TIMINGS.interactionLockMs - 100,/%client lock 700 ms"
  "game-client/src/game/controller.ts%s/schedule(TIMINGS.phoneOverlayMs,/schedule(TIMINGS.phoneOverlayMs + 500,/%phone rings 2.5 s"
  "game-client/src/game/controller.ts%s/schedule(TIMINGS.bankerSoundDelayMs,/schedule(0,/%banker chord with the call"
  "game-client/src/game/controller.ts%s/set({ overlay: 'phone' });/set({ overlay: 'offer' });/%offer shown before the phone"
  "game-client/src/game/controller.ts%s/if (get().caseReveal?.caseNumber === shown) set/set/%an earlier case ends a later toast"
  "game-client/src/game/controller.ts%s/schedule(TIMINGS.finalDialogDelayMs,/schedule(TIMINGS.finalChoiceToRevealMs,/%final decision after 0.5 s"
  "game-client/src/game/controller.ts%s/const revealAt = clock.now() + TIMINGS.finalChoiceToRevealMs \* timeScale;/const revealAt = clock.now();/%reveal at once after KEEP or SWAP"
  "game-client/src/game/controller.ts%s/schedule(TIMINGS.revealDialogAfterRevealMs,/schedule(TIMINGS.finalDialogDelayMs \/ 2,/%reveal dialog 0.5 s after the reveal"
  "game-client/src/game/controller.ts%s/schedule(TIMINGS.newGameResetDelayMs,/schedule(0,/%new game without its 100 ms"
  "game-client/src/save/saveGame.ts%s/clock.setTimeout(resolve, saveBackoffMs(attempt))/clock.setTimeout(resolve, saveBackoffMs(attempt + 1))/%save retries 2 s then 4 s apart"
  "game-client/src/store/gameLink.ts%s/clock.setTimeout(resolve, retryDelayMs(attempt))/clock.setTimeout(resolve, retryDelayMs(attempt) \/ 2)/%live retries twice as often"
  "game-client/src/screens/game/useGameSession.ts%s/viewMode === 'tablet' ? TIMINGS.caseToastTabletMs/viewMode === 'mobile' ? TIMINGS.caseToastTabletMs/%tablet toast 4 s"
  "game-client/src/screens/audience/AudienceOverlay.tsx%s|(Date.parse(endsAt) - now) / 1000|(Date.parse(endsAt) - now) / 1000 - 1|%chat countdown a second short"
  "game-client/src/board/toastPlacement.ts%s/const overLower = inside(narrow ? block : lower, want, 'bottom');/const overLower = inside(narrow ? block : lower, want, 'top');/%case toast over the cases"
)

survived=0
printf '%-40s %s\n' 'broken rule' 'tests failing'
for m in "${mutations[@]}"; do
  IFS='%' read -r file expr what <<<"$m"
  [ -z "${1:-}" ] || [ "${file#"$1"}" != "$file" ] || continue
  target="$scratch/$file"
  workspace=${file%%/*}
  cp "$target" "$target.orig"
  sed -i "$expr" "$target"
  if cmp -s "$target" "$target.orig"; then
    printf '%-40s %s\n' "$what" 'MUTATION DID NOT APPLY'
    survived=1
  else
    # shellcheck disable=SC2046 # the test paths are words
    out=$(cd "$scratch/$workspace" && "$root/node_modules/.bin/vitest" run $(tests_of "$file") 2>&1 || true)
    failed=$(grep -oE 'Tests +[^ ]*[0-9]+ failed' <<<"$(sed 's/\x1b\[[0-9;]*m//g' <<<"$out")" | grep -oE '[0-9]+' | head -1 || true)
    printf '%-40s %s\n' "$what" "${failed:-0 (NOT CAUGHT)}"
    [ -n "${failed:-}" ] || survived=1
  fi
  mv "$target.orig" "$target"
done
exit "$survived"

// Placeholder until the gift customisation screen lands in this issue.
export function CustomizeGiftsScreen() {
  return <main className="center-screen">Customize Gifts</main>;
}

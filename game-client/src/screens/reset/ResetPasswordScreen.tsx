// Placeholder until the password reset screen lands in this issue.
export function ResetPasswordScreen() {
  return <main className="center-screen">Reset Password</main>;
}

